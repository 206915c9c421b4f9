"""``python -m fincalc`` runs the command line."""

from fincalc.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
