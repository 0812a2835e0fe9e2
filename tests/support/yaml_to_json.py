#!/usr/bin/env python3
"""Writes a YAML document (protocol/asyncapi.yaml) as JSON, for the tests that read it.

Usage: yaml_to_json.py IN.yaml OUT.json. Needs PyYAML (Debian: python3-yaml).
"""
import json
import sys

import yaml

if len(sys.argv) != 3:
    sys.exit("usage: yaml_to_json.py IN.yaml OUT.json")
with open(sys.argv[1], encoding="utf-8") as f:
    doc = yaml.safe_load(f)
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
