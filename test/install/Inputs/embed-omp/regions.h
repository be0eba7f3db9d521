/* The region functions of the three files: each fills a[0 .. n*m) from
 * collapse(2) loops over runtime bounds and returns a checksum of it. */
#pragma once
unsigned tiles_run(int n, int m); /* tiles.c (the shared library) */
unsigned other_run(int n, int m); /* other.c */
