"""Grounding claims: claims and schemas, documents and their declarations, tables, resolve."""
