"""Computing: caliber-checked operations, the audit record, rendering."""
