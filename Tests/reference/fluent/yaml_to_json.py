"""Prints the fluent-rs resolver fixtures (YAML) named on the command line as
one JSON object {path: fixture}; dates and other non-JSON scalars become
strings. Used by Tests/ParlanceTests/Messages/Fluent/FluentResolverFixtureTests.swift."""
import json
import sys

import yaml

print(json.dumps({path: yaml.safe_load(open(path, encoding="utf-8")) for path in sys.argv[1:]}, default=str))
