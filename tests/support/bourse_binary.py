"""What every Python suite that runs the built app needs (tests/browser, tests/push,
tests/massive): the binary, and a free loopback port to run it on. Standard library and pytest
only, so that each suite's own venv can import it (each conftest puts this folder on sys.path)."""
import os
import socket
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port():
    """A loopback port no one listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bourse_binary():
    """The app binary the tests run: $BOURSE_BIN, default .build/debug/bourse. Without one the
    session stops at once: every test of the suite needs it."""
    binary = Path(os.environ.get("BOURSE_BIN", ".build/debug/bourse"))
    if not binary.is_absolute():
        binary = ROOT / binary
    if not os.access(binary, os.X_OK):
        pytest.exit(f"no app binary at {binary}: build it first (swift build) or set BOURSE_BIN", returncode=2)
    return binary
