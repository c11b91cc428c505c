import sys

from mtg_conformance.cli import main

sys.exit(main())
