# lit configuration for magicdiv.  Substitutions:
#   %opt %llc %clang %FileCheck %not %llvm-as %llvm-dis %llvm-stress (the LLVM
#   version this build is for), %plugin (MagicDiv.so), %bin (test binaries),
#   %rtinc %rtlib (runtime headers/libraries), %ptxas, %cuda, %cc.
# Features: ptxas, cuda, llvm22, llvm19, hip.
import os
import lit.formats

config.name = "magicdiv"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".c", ".cu", ".hip"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.md_obj_root, "test")

tools = config.llvm_tools_dir
def tool(name):
    return os.path.join(tools, name)

config.substitutions.append(("%opt", tool("opt")))
config.substitutions.append(("%llc", tool("llc")))
config.substitutions.append(("%clang", tool("clang")))
config.substitutions.append(("%FileCheck", tool("FileCheck")))
config.substitutions.append(("%not", tool("not")))
config.substitutions.append(("%llvm-as", tool("llvm-as")))
config.substitutions.append(("%llvm-dis", tool("llvm-dis")))
config.substitutions.append(("%llvm-stress", tool("llvm-stress")))
config.substitutions.append(("%plugin", config.md_plugin))
config.substitutions.append(("%bin", config.md_bin_dir))
config.substitutions.append(("%rtinc", config.md_rt_include))
config.substitutions.append(("%rtlib", config.md_rt_lib_dir))
config.substitutions.append(("%srcroot", config.md_src_root))
config.substitutions.append(("%ptxas", config.ptxas or "false"))
config.substitutions.append(("%cuda", config.cuda_path))
config.substitutions.append(("%cc", config.c_compiler))

config.available_features.add("llvm%d" % config.llvm_version_major)
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
if os.path.exists(os.path.join(config.cuda_path, "include", "cuda_runtime.h")):
    config.available_features.add("cuda")
if os.path.exists("/usr/include/hip/hip_runtime.h") and \
   os.path.isdir("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"):
    config.available_features.add("hip")

for var in ["HOME", "TMPDIR", "PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Never let a user's settings change test results.
config.environment.pop("MAGICDIV_OPTIONS", None)
config.environment.pop("MAGICDIV_DISABLE", None)
config.environment.pop("MAGICDIV_LOG", None)
# test/unit/test_*.c are the sources of unit-test binaries (run by the
# test/unit/*.test files), not lit tests themselves.
import glob as _md_glob
config.excludes += [os.path.basename(p) for p in _md_glob.glob(
    os.path.join(os.path.dirname(__file__), "unit", "test_*.c"))]
