"""The three ways a step can fail to be `ok`, as exceptions the case runner turns into results."""


class Illegal(Exception):
    """phase rejected the step (an illegal action, or no legal action matches the request)."""


class Unsupported(Exception):
    """The adapter cannot express this setup or step in phase's API (never judged as a pass)."""

    def __str__(self) -> str:
        return "unsupported: " + super().__str__()


class PhaseFailure(Exception):
    """phase itself failed (panic, unexpected prompt loop) while performing a step."""
