; twice.test: a module compiled with the plugin (its kernel a is cloned
; before the link) ...
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @a(ptr %out, i32 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = udiv i32 %t, %d
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %q, ptr %p
  ret void
}
