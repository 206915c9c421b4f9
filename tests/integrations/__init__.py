"""Tests of the framework adapters (``fincalc.integrations``) and their packaging.

Files that import a framework are listed in the root ``conftest.py``'s
``INTEGRATION_NEEDS`` and run by ``.ci/integrations`` in their own environments.
"""
