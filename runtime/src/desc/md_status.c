/*
 * md_status.c -- names of the runtime's status codes.
 */
#include "magicdiv/magicdiv.h"

const char *md_status_str(int status) {
  switch (status) {
  case MD_OK:
    return "ok";
  case MD_ERR_DIV_ZERO:
    return "divisor is zero";
  case MD_ERR_INVALID:
    return "invalid argument";
  case MD_ERR_DESC_MALFORMED:
    return "malformed descriptor";
  case MD_ERR_DESC_VERSION:
    return "unknown descriptor version";
  case MD_FALLBACK_DIV_ZERO:
    return "a divisor is zero in this launch";
  case MD_FALLBACK_UNDEFINED:
    return "a divisor's evaluation is undefined in this launch";
  case MD_FALLBACK_NOT_POSITIVE:
    return "a divisor that must be positive is not";
  case MD_ERR_NO_CLONE:
    return "no magicdiv clone for this kernel";
  case MD_ERR_DRIVER:
    return "CUDA/HIP driver error";
  case MD_ERR_DISABLED:
    return "magicdiv disabled (MAGICDIV_DISABLE)";
  case MD_FALLBACK_REQUIREMENT:
    return "a launch requirement of the clone fails in this launch";
  case MD_ERR_PARAM_MISMATCH:
    return "the kernel's parameters differ from its descriptor";
  case MD_FALLBACK_NOT_DIV32:
    return "a divisor that must fit 32 bits does not";
  case MD_FALLBACK_ARG_UNKNOWN:
    return "an argument passed by reference has device bytes not known at "
           "this launch";
  default:
    return "unknown status";
  }
}
