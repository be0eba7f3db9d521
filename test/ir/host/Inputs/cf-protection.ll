; The module flag clang -fcf-protection=branch sets (appended to a module
; by test/ir/host/embed.ll).
!llvm.module.flags = !{!900}
!900 = !{i32 8, !"cf-protection-branch", i32 1}
