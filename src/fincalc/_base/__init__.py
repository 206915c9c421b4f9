"""The floor below the value types: plumbing with no financial meaning."""
