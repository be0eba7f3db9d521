/* Loads plug.so (argv[1]), runs it, unloads it, and says whether the
 * library is still loaded: an image that carries the runtime stays. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : NULL;
  int (*run)(void) = h ? (int (*)(void))dlsym(h, "plug_run") : NULL;
  if (!run) {
    printf("host: %s\n", dlerror());
    return 1;
  }
  int r = run();
  dlclose(h);
  printf("host: after dlclose, %s\n",
         dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD) ? "still loaded" : "unloaded");
  return r;
}
