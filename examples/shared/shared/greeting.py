def greet(name: str) -> str:
    """The reply the example agent gives."""
    return f"Hello, {name}!"
