#!/usr/bin/env python3
"""Validates Lottie documents against the Lottie 1.0 JSON schema (PyPI lottie-specs).

    validate.py FILE.json|FILE.lottie [...]

Prints one line per document, "FILE: valid" or "FILE: N errors" followed by the first errors (their
JSON path and message), and exits 1 when any document is invalid. A dotLottie zip is validated by
the first animation its manifest names.
"""
import json
import sys
from importlib import resources

import jsonschema

from render import load_document


def main():
    schema = json.loads(resources.files("lottie_specs").joinpath("data/lottie.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    bad = False
    for path in sys.argv[1:]:
        doc, _ = load_document(path)
        errors = sorted(validator.iter_errors(json.loads(doc)), key=lambda e: list(e.absolute_path))
        if errors:
            bad = True
            print(f"{path}: {len(errors)} errors")
            for e in errors[:5]:
                where = "/".join(str(p) for p in e.absolute_path)
                print(f"  at /{where}: {e.message[:300]}")
        else:
            print(f"{path}: valid")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
