# lit configuration for magicdiv.  Substitutions:
#   %opt %llc %clang %FileCheck %not %llvm-as %llvm-dis %llvm-stress, %llvm-bin (their folder)
#   %llvm-offload-binary (the LLVM version this build is for), %plugin (MagicDiv.so), %bin (test binaries),
#   %rtinc %rtlib (runtime headers/libraries), %rtsrcs (runtime sources),
#   %ptxas, %cuda, %cc, %omp, %flang.
# Features: ptxas, cuda, llvm22, llvm19, hip, liboffload, flang, triton.
import glob
import os
import lit.formats

config.name = "magicdiv"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".c", ".cu", ".hip"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.md_obj_root, "test")

tools = config.llvm_tools_dir
def tool(name):
    return os.path.join(tools, name)

config.substitutions.append(("%llvm-bin", tools))
config.substitutions.append(("%opt", tool("opt")))
config.substitutions.append(("%llc", tool("llc")))
config.substitutions.append(("%clang", tool("clang")))
config.substitutions.append(("%FileCheck", tool("FileCheck")))
config.substitutions.append(("%not", tool("not")))
config.substitutions.append(("%llvm-as", tool("llvm-as")))
config.substitutions.append(("%llvm-dis", tool("llvm-dis")))
config.substitutions.append(("%llvm-link", tool("llvm-link")))
config.substitutions.append(("%llvm-stress", tool("llvm-stress")))
# (LLVM 22: packs a device image into an offload binary, test/omp/host-params.test)
config.substitutions.append(("%llvm-offload-binary", tool("llvm-offload-binary")))
config.substitutions.append(("%plugin", config.md_plugin))
config.substitutions.append(("%bin", config.md_bin_dir))
# %desc-dump FILE.ll: the descriptors of a module, disassembled.
config.substitutions.append(("%desc-dump", os.path.join(config.md_bin_dir, "md-desc-dump")))
config.substitutions.append(("%rtinc", config.md_rt_include))
# %rtsrcs: every source of the runtime library (runtime/src/<part>/*.c),
# with -I for their root (includes name the folder: "launch/md_choice.h"), for tests that
# build the launch layer themselves (with sanitizers): one list, so a new
# runtime file cannot be missing from one test's copy of it.
_rt_src = os.path.join(config.md_src_root, "runtime", "src")
config.substitutions.append(("%rtsrcs", " ".join(
    ["-I" + _rt_src] +
    sorted(glob.glob(os.path.join(_rt_src, "*", "*.c"))))))
config.substitutions.append(("%rtlib", config.md_rt_lib_dir))
config.substitutions.append(("%srcroot", config.md_src_root))
config.substitutions.append(("%objroot", config.md_obj_root))
config.substitutions.append(("%ptxas", config.ptxas or "false"))
config.substitutions.append(("%cuda", config.cuda_path))
config.substitutions.append(("%cc", config.c_compiler))

config.available_features.add("llvm%d" % config.llvm_version_major)
# the plugin's test hooks (plugin/testing/): built with -DMAGICDIV_TEST_HOOKS=ON
if getattr(config, "md_test_hooks", 0):
    config.available_features.add("test-hooks")
# MD_ASSERT compiled in: built with -DMAGICDIV_ASSERTS=ON
if getattr(config, "md_asserts", 0):
    config.available_features.add("asserts")
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

# --- launch layer / end-to-end tests (test/e2e, test/unit/launch*.test) ---
# %python: the interpreter running lit (test/e2e/Inputs/offload_bundle.py).
# Feature cuda-gpu: a CUDA driver with at least one device is present, so
# the end-to-end programs run their kernels instead of reporting the error.
import sys as _md_sys
config.substitutions.append(("%python", _md_sys.executable))
config.substitutions.append(("%llvm-readelf", tool("llvm-readelf")))
def _md_have_cuda_gpu():
    try:
        import ctypes
        cu = ctypes.CDLL("libcuda.so.1")
        n = ctypes.c_int(0)
        return cu.cuInit(0) == 0 and cu.cuDeviceGetCount(ctypes.byref(n)) == 0 \
            and n.value > 0
    except Exception:
        return False
if _md_have_cuda_gpu():
    config.available_features.add("cuda-gpu")

# --- OpenMP offload (test/omp) ---
# %omp: the prefix scripts/setup.sh unpacks Debian's liboffload-22 (with
# libomp and clang-22's OpenMP headers) into (MAGICDIV_OMP_PREFIX, default
# /opt/magicdiv-omp).  Feature liboffload: it is there, for LLVM 22 (the
# end-to-end tests run offloaded regions on the CPU through it).
_md_omp = os.environ.get("MAGICDIV_OMP_PREFIX", "/opt/magicdiv-omp")
config.substitutions.append(("%omp", _md_omp))
if config.llvm_version_major == 22 and all(os.path.exists(os.path.join(
        _md_omp, f)) for f in ["lib/libomptarget.so", "lib/libomp.so.5",
                               "include/22/omp.h"]):
    config.available_features.add("liboffload")
# %flang: the Fortran compiler of this LLVM (flang-22 from scripts/setup.sh);
# feature flang where it is there (test/omp/flang.test).
config.substitutions.append(("%flang", tool("flang")))
if os.path.exists(tool("flang")):
    config.available_features.add("flang")

# --- Triton (test/triton) ---
# Feature triton: `import triton` works with MAGICDIV_TRITON_PYTHONPATH on
# PYTHONPATH (default: /tmp/magicdiv-triton, where scripts/setup.sh installs
# Triton 3.6 from PyPI, if it is there; else none, the interpreter's own
# packages); %tritonpath is that path.  Triton 3.6 compiles without a GPU.
# Without it a note says why test/triton is unsupported.
import subprocess as _md_sp
_md_tpath = os.environ.get("MAGICDIV_TRITON_PYTHONPATH")
if _md_tpath is None:
    _md_tpath = "/tmp/magicdiv-triton" if os.path.isdir(
        "/tmp/magicdiv-triton") else ""
config.substitutions.append(("%tritonpath", _md_tpath))
if _md_tpath:
    config.environment["MAGICDIV_TRITON_PYTHONPATH"] = _md_tpath
try:
    _md_timport = _md_sp.run(
        ["python3", "-c", "import triton"], capture_output=True, text=True,
        timeout=120, env=dict(os.environ, PYTHONPATH=_md_tpath))
    _md_twhy = (_md_timport.stderr.strip().splitlines() or ["?"])[-1]
    if _md_timport.returncode == 0:
        config.available_features.add("triton")
except (OSError, _md_sp.SubprocessError) as _md_e:
    _md_twhy = str(_md_e)
if "triton" not in config.available_features:
    lit_config.note("test/triton unsupported: python3 cannot import triton "
                    "with PYTHONPATH=%r (%s); scripts/setup.sh installs it "
                    "into /tmp/magicdiv-triton, or set "
                    "MAGICDIV_TRITON_PYTHONPATH" % (_md_tpath, _md_twhy))
elif config.llvm_version_major != 22:
    lit_config.note("test/triton unsupported on LLVM %d: Triton 3.6's IR "
                    "needs a magicdiv-ir built with LLVM 22"
                    % config.llvm_version_major)
