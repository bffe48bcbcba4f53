"""The demo of a config the build would refuse: `researcher.py` is missing, and Python 3.10 is too old."""

graph = None
