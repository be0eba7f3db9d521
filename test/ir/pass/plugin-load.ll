; The plugin loads, runs by name, reports each kernel it sees, and rejects
; unknown parameters with a clear message.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv -pass-remarks-analysis=magicdiv \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s --check-prefix=SEEN
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-host;signed;no-wide>' \
; RUN:   -disable-output %s
; RUN: %not %opt -load-pass-plugin=%plugin -passes='magicdiv<bogus>' \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s --check-prefix=BAD
; RUN: env MAGICDIV_OPTIONS=bogus %not %opt -load-pass-plugin=%plugin \
; RUN:   -passes='default<O1>' -disable-output %s 2>&1 | %FileCheck %s --check-prefix=BADENV

; SEEN: remark: {{.*}}magicdiv: kernel 'k' cloned as 'k__magicdiv'
; SEEN: remark: {{.*}}magicdiv: nvptx kernel 'k2': no division by a launch-invariant divisor
; SEEN-NOT: 'notkernel'
; BAD: error: magicdiv: invalid pass parameter: unknown parameter 'bogus'; known: [no-]device
; BAD-NOT: PLEASE
; BAD-NOT: Stack dump
; BADENV: error: magicdiv: invalid MAGICDIV_OPTIONS: unknown parameter 'bogus'
; BADENV-NOT: PLEASE
; BADENV-NOT: Stack dump

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out
  ret void
}

define ptx_kernel void @k2(ptr %out) {
  ret void
}

define void @notkernel(ptr %out) {
  ret void
}
