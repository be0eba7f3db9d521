// The host functions of the three files.
#pragma once
int scale_run(unsigned d); // scale.cu (the shared library)
int other_run(unsigned d); // other.cu
