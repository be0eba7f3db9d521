; The embedded runtime (plugin/host/md_host_embed.c, docs/LAUNCH.md section
; 12): a host module that calls the runtime gets the parts it needs as
; module-level assembly -- the common part and the part of each function it
; calls (here CUDA), not the others -- once, and the object then defines
; every public function it calls (weak, hidden) and nothing of the runtime
; is left undefined.  Option no-embed-runtime, a host triple other than the
; plugin's (a missed remark) and a module that defines a runtime function
; itself get nothing.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks-analysis=magicdiv -S %s -o %t.ll 2> %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; a second run adds nothing: still one common and one CUDA part
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.ll -o %t2.ll
; RUN: grep -c 'ifndef.*__magicdiv_rt_' %t2.ll | %FileCheck %s --check-prefix=TWO
; the object: groups, the public functions defined weak hidden, none undefined
; RUN: %llc -O2 -filetype=obj %t2.ll -o %t.o
; RUN: %llvm-readelf -s %t.o | %FileCheck %s --check-prefix=SYMS
; RUN: %llvm-readelf -g %t.o | %FileCheck %s --check-prefix=GROUPS
; HIP only: the common and the HIP part
; RUN: sed -e 's/@md_cuda_launch/@md_hip_launch/g' %s | %opt -load-pass-plugin=%plugin -passes=magicdiv -S -o - | %FileCheck %s --check-prefix=HIP
; off, another triple, a module that is the runtime: nothing
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-embed-runtime>' -S %s | %FileCheck %s --check-prefix=NONE
; RUN: sed -e 's/x86_64-pc-linux-gnu/aarch64-unknown-linux-gnu/' %s | %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks-missed=magicdiv -S -o %t.arm.ll 2> %t.arm.rem
; RUN: %FileCheck %s --check-prefix=NONE < %t.arm.ll
; RUN: %FileCheck %s --check-prefix=ARM < %t.arm.rem
; RUN: sed -e 's/^declare ptr @md_status_str(i32)/define ptr @md_status_str(i32 %%s) { ret ptr null }/' %s | %opt -load-pass-plugin=%plugin -passes=magicdiv -S | %FileCheck %s --check-prefix=NONE
; -fcf-protection promises end-branch markers the runtime's code lacks
; RUN: cat %s %S/Inputs/cf-protection.ll | %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks-missed=magicdiv -S -o %t.cet.ll 2> %t.cet.rem
; RUN: %FileCheck %s --check-prefix=NONE < %t.cet.ll
; RUN: %FileCheck %s --check-prefix=CET < %t.cet.rem

target triple = "x86_64-pc-linux-gnu"

declare ptr @md_status_str(i32)
declare i32 @md_cuda_launch(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr, ptr)

define i32 @launch(ptr %stub, ptr %args) {
  %r = call i32 @md_cuda_launch(ptr %stub, i64 4294967297, i32 1, i64 4294967424, i32 1, ptr %args, i64 0, ptr null, ptr null, ptr null)
  %s = call ptr @md_status_str(i32 %r)
  ret i32 %r
}

define i32 @no_runtime(i32 %x) {
  ret i32 %x
}

; IR: module asm "\09.ifndef\09__magicdiv_rt_[[TAG:[0-9a-f]+]]"
; IR: module asm "\09.ifndef\09__magicdiv_rt_[[TAG]]_cuda"
; IR-NOT: __magicdiv_rt_[[TAG]]_hip
; IR-NOT: __magicdiv_rt_[[TAG]]_omp
; IR: define i32 @launch(

; REM: remark: {{.*}}host module carries the magicdiv runtime {{[0-9a-f]+}} (common + CUDA; one copy per linked image): nothing to link; no-embed-runtime to link libmagicdiv_rt instead

; TWO: 2

; SYMS-DAG: WEAK   HIDDEN {{.*}} md_cuda_launch{{$}}
; SYMS-DAG: WEAK   HIDDEN {{.*}} md_status_str{{$}}
; SYMS-DAG: WEAK   HIDDEN {{.*}} md_cuda_set_driver{{$}}
; SYMS-DAG: WEAK   HIDDEN {{.*}} md_cache_generation.__magicdiv_rt_{{[0-9a-f]+$}}
; SYMS-NOT: UND md_{{[A-Za-z0-9_]+$}}

; GROUPS-DAG: COMDAT group section {{.*}} [__magicdiv_rt_{{[0-9a-f]+}}]
; GROUPS-DAG: COMDAT group section {{.*}} [__magicdiv_rt_{{[0-9a-f]+}}_cuda]

; HIP: module asm "\09.ifndef\09__magicdiv_rt_[[HTAG:[0-9a-f]+]]"
; HIP: module asm "\09.ifndef\09__magicdiv_rt_[[HTAG]]_hip"
; HIP-NOT: __magicdiv_rt_[[HTAG]]_cuda

; NONE-NOT: module asm

; ARM: remark: {{.*}}runtime not embedded: host triple 'aarch64-unknown-linux-gnu' is not the plugin's 'x86_64-{{[a-z]+}}-linux-gnu'; link libmagicdiv_rt

; CET: remark: {{.*}}runtime not embedded: the module is compiled with -fcf-protection (the runtime's code has no end-branch markers); link libmagicdiv_rt
