/*
 * md_tool.h -- the standalone program's own remark sink (md_tool_remark.c),
 * in place of the plugin's md_bridge.cpp.
 */
#ifndef MAGICDIV_MD_TOOL_H
#define MAGICDIV_MD_TOOL_H

/* Print passed and missed remarks to stderr from now on (on != 0). */
void md_tool_remarks_on(int on);

#endif
