"""Load every public name before collection.

Each object ``fincalc`` exports has ``__module__ == "fincalc"`` (see
``fincalc._values.public``), so doctest finds its examples in the package's
``__init__`` rather than in the private module that defines it; the lazy
loader puts a name in that namespace only once it is used.
"""

import fincalc

for _name in fincalc.__all__:
    getattr(fincalc, _name)
