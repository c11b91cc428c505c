"""Self-check: prove the conformance suite rejects engines that get the rules wrong.

`faults` is a catalog of faulty engines, each the reference engine with ONE rule broken the
way real engines get it wrong (a patch applied only while that engine runs a case; the
reference engine's files are never touched). `runner` runs the generated suite against each
one and `matrix` judges and prints which tests rejected it and whether they cite the rule.
"""
