"""Async edges: store, service, adapters and the command line."""
