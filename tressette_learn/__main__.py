"""``python -m tressette_learn``: the same as the ``tressette-learn`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
