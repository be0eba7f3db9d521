/*
 * md_status.c -- names of the runtime's status codes (the texts of
 * MD_STATUS_LIST, md_magic.h).
 */
#include "magicdiv/magicdiv.h"

const char *md_status_str(int status) {
  switch (status) {
#define MD_STATUS_TEXT_(name, value, text, tier, all)                          \
  case name:                                                                   \
    return text;
    MD_STATUS_LIST(MD_STATUS_TEXT_)
#undef MD_STATUS_TEXT_
  default:
    return "unknown status";
  }
}
