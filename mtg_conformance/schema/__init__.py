"""Published JSON Schemas of the files mtg-conformance writes (results.schema.json)."""
