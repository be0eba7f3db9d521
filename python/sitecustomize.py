"""With python/ on PYTHONPATH and MAGICDIV_TRITON=1, turn on magicdiv for
Triton (python/magicdiv_triton) in an unchanged program.  Does nothing
otherwise, and never stops the program: a failure is a warning."""
import os

if os.environ.get("MAGICDIV_TRITON", "") not in ("", "0"):
    try:
        import magicdiv_triton

        magicdiv_triton.enable()
    except Exception as e:  # pragma: no cover - reported, not raised
        import warnings

        warnings.warn("magicdiv: not enabled for Triton: %s" % e)
