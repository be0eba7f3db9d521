/*
 * md_names.h -- symbol names built from a kernel's name (md_names.c).
 */
#ifndef MAGICDIV_MD_NAMES_H
#define MAGICDIV_MD_NAMES_H

#include <stddef.h>

/* name[0..len) followed by suffix, NUL-terminated, in a malloc'd string
 * the caller frees; NULL when out of memory. */
char *md_name_suffix(const char *name, size_t len, const char *suffix);

/* 1 if name[0..len) ends with suffix. */
int md_name_ends_with(const char *name, size_t len, const char *suffix);

#endif
