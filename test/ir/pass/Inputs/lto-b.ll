; twice.test: ... and one compiled without it (kernel b), linked with it.
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @b(ptr %out, i32 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = urem i32 %t, %d
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %q, ptr %p
  ret void
}
