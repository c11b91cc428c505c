"""JSON Schemas of the adapter: protocol-1 (requests, case, view, answers) and expectations files."""
