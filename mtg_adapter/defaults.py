"""Default values of the engine options, in a module that imports nothing.

Why apart: the pytest plugin needs them to declare `--engine`, `--engine-timeout` and
`--engine-max-answer-bytes` in every pytest run of any environment where this package is
installed, and must not import the client, the protocol checks or Hypothesis just for that.
"""

DEFAULT_ENGINE = "reference"
DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024  # one answer line; a longer one is a protocol failure
