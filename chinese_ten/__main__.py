"""``python -m chinese_ten``: the same as the ``chinese-ten`` command."""

import sys

from chinese_ten.cli import main

sys.exit(main())
