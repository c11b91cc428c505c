"""Certification: run the generated suite against one engine and write the verdict.

The pieces, one responsibility each: `collector` (a pytest plugin that streams per-test
events), `outcomes` (pytest reports -> conformance outcomes), `engine` (the hello handshake),
`suite` (suite version hash and the spec texts), `results` (the results.json model and its
schema), `compare` (what changed since an earlier run), `progress`, and the writers
`summary` (Markdown), `html` (report.html and the multi-engine page) and `badge` (SVG).
`runner` ties them together for `mtg-conformance certify`.
"""
