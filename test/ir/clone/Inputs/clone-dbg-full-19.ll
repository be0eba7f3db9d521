; ModuleID = 'clone-dbg.cu'
source_filename = "clone-dbg.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @clone_me_reshape(ptr nocapture noundef writeonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly byval(%struct.Shape) align 4 %2) local_unnamed_addr #0 !dbg !13 {
    #dbg_value(ptr %0, !26, !DIExpression(), !33)
    #dbg_value(ptr %1, !27, !DIExpression(), !33)
    #dbg_declare(ptr %2, !28, !DIExpression(), !34)
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !35
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !44
  %6 = mul i32 %4, %5, !dbg !47
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !48
  %8 = add i32 %6, %7, !dbg !51
    #dbg_value(i32 %8, !29, !DIExpression(), !33)
  %9 = load i32, ptr %2, align 4, !dbg !52, !tbaa !54
  %10 = getelementptr inbounds i8, ptr %2, i64 4, !dbg !59
  %11 = load i32, ptr %10, align 4, !dbg !59, !tbaa !60
  %12 = mul nsw i32 %11, %9, !dbg !61
  %13 = getelementptr inbounds i8, ptr %2, i64 8, !dbg !62
  %14 = load i32, ptr %13, align 4, !dbg !62, !tbaa !63
  %15 = mul nsw i32 %12, %14, !dbg !64
  %16 = getelementptr inbounds i8, ptr %2, i64 12, !dbg !65
  %17 = load i32, ptr %16, align 4, !dbg !65, !tbaa !66
  %18 = mul nsw i32 %15, %17, !dbg !67
  %19 = icmp slt i32 %8, %18, !dbg !68
  br i1 %19, label %20, label %40, !dbg !69

20:                                               ; preds = %3
  %21 = freeze i32 %17, !dbg !70
  %22 = sdiv i32 %8, %21, !dbg !70
  %23 = mul i32 %22, %21, !dbg !71
  %24 = sub i32 %8, %23, !dbg !71
    #dbg_value(i32 %24, !30, !DIExpression(), !33)
  %25 = freeze i32 %14, !dbg !72
  %26 = sdiv i32 %22, %25, !dbg !72
  %27 = mul i32 %26, %25, !dbg !73
  %28 = sub i32 %22, %27, !dbg !73
    #dbg_value(i32 %28, !31, !DIExpression(), !33)
  %29 = srem i32 %26, %11, !dbg !74
    #dbg_value(i32 %29, !32, !DIExpression(), !33)
  %30 = mul nsw i32 %29, %14, !dbg !75
  %31 = add nsw i32 %30, %28, !dbg !76
  %32 = mul nsw i32 %31, %17, !dbg !77
  %33 = add nsw i32 %32, %24, !dbg !78
  %34 = sext i32 %33 to i64, !dbg !79
  %35 = getelementptr inbounds i32, ptr %1, i64 %34, !dbg !79
  %36 = load i32, ptr %35, align 4, !dbg !79, !tbaa !80
  %37 = add nsw i32 %36, %29, !dbg !81
  %38 = sext i32 %8 to i64, !dbg !82
  %39 = getelementptr inbounds i32, ptr %0, i64 %38, !dbg !82
  store i32 %37, ptr %39, align 4, !dbg !83, !tbaa !80
  br label %40, !dbg !84

40:                                               ; preds = %3, %20
  ret void, !dbg !84
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: write)
define dso_local void @clone_me_loop(ptr nocapture noundef writeonly %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #1 !dbg !85 {
    #dbg_value(ptr %0, !90, !DIExpression(), !96)
    #dbg_value(i32 %1, !91, !DIExpression(), !96)
    #dbg_value(i32 %2, !92, !DIExpression(), !96)
    #dbg_value(i32 0, !93, !DIExpression(), !96)
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !97
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !100
  %6 = mul i32 %4, %5, !dbg !102
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !103
  %8 = add i32 %6, %7, !dbg !105
    #dbg_value(i32 %8, !94, !DIExpression(), !106)
    #dbg_value(i32 0, !93, !DIExpression(), !96)
  %9 = icmp ult i32 %8, %1, !dbg !107
  br i1 %9, label %14, label %10, !dbg !109

10:                                               ; preds = %25, %3
  %11 = phi i32 [ 0, %3 ], [ %26, %25 ], !dbg !96
  %12 = zext i32 %8 to i64, !dbg !110
  %13 = getelementptr inbounds i32, ptr %0, i64 %12, !dbg !110
  store i32 %11, ptr %13, align 4, !dbg !111, !tbaa !80
  ret void, !dbg !112

14:                                               ; preds = %3, %25
  %15 = phi i32 [ %27, %25 ], [ %8, %3 ]
  %16 = phi i32 [ %26, %25 ], [ 0, %3 ]
    #dbg_value(i32 %15, !94, !DIExpression(), !106)
    #dbg_value(i32 %16, !93, !DIExpression(), !96)
  %17 = urem i32 %15, 3, !dbg !113
  %18 = icmp eq i32 %17, 0, !dbg !116
  br i1 %18, label %19, label %22, !dbg !117

19:                                               ; preds = %14
  %20 = udiv i32 %15, %2, !dbg !118
  %21 = add i32 %20, %16, !dbg !119
    #dbg_value(i32 %21, !93, !DIExpression(), !96)
  br label %25, !dbg !120

22:                                               ; preds = %14
  %23 = urem i32 %15, %2, !dbg !121
  %24 = xor i32 %23, %16, !dbg !122
    #dbg_value(i32 %24, !93, !DIExpression(), !96)
  br label %25

25:                                               ; preds = %19, %22
  %26 = phi i32 [ %21, %19 ], [ %24, %22 ], !dbg !123
    #dbg_value(i32 %26, !93, !DIExpression(), !96)
  %27 = add i32 %15, 7, !dbg !124
    #dbg_value(i32 %27, !94, !DIExpression(), !106)
  %28 = icmp ult i32 %27, %1, !dbg !107
  br i1 %28, label %14, label %10, !dbg !109, !llvm.loop !125
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx85,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx85,+sm_90" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!4, !5}
!llvm.module.flags = !{!6, !7, !8, !9, !10, !11}
!llvm.ident = !{!12}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "clone-dbg.cu", directory: ".")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !{ptr @clone_me_reshape, !"kernel", i32 1}
!5 = !{ptr @clone_me_loop, !"kernel", i32 1}
!6 = !{i32 7, !"Dwarf Version", i32 2}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!12 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!13 = distinct !DISubprogram(name: "clone_me_reshape", scope: !1, file: !1, line: 20, type: !14, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !25)
!14 = !DISubroutineType(types: !15)
!15 = !{null, !16, !17, !19}
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !3)
!19 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Shape", file: !1, line: 18, size: 128, flags: DIFlagTypePassByValue, elements: !20, identifier: "_ZTS5Shape")
!20 = !{!21, !22, !23, !24}
!21 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !19, file: !1, line: 18, baseType: !3, size: 32)
!22 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !19, file: !1, line: 18, baseType: !3, size: 32, offset: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "h", scope: !19, file: !1, line: 18, baseType: !3, size: 32, offset: 64)
!24 = !DIDerivedType(tag: DW_TAG_member, name: "w", scope: !19, file: !1, line: 18, baseType: !3, size: 32, offset: 96)
!25 = !{!26, !27, !28, !29, !30, !31, !32}
!26 = !DILocalVariable(name: "out", arg: 1, scope: !13, file: !1, line: 20, type: !16)
!27 = !DILocalVariable(name: "in", arg: 2, scope: !13, file: !1, line: 20, type: !17)
!28 = !DILocalVariable(name: "s", arg: 3, scope: !13, file: !1, line: 20, type: !19)
!29 = !DILocalVariable(name: "i", scope: !13, file: !1, line: 21, type: !3)
!30 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 24, type: !3)
!31 = !DILocalVariable(name: "h", scope: !13, file: !1, line: 25, type: !3)
!32 = !DILocalVariable(name: "c", scope: !13, file: !1, line: 26, type: !3)
!33 = !DILocation(line: 0, scope: !13)
!34 = !DILocation(line: 20, column: 76, scope: !13)
!35 = !DILocation(line: 13, column: 50, scope: !36, inlinedAt: !41)
!36 = distinct !DISubprogram(name: "bid", linkageName: "_ZN6helperL3bidEv", scope: !37, file: !1, line: 13, type: !38, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!37 = !DINamespace(name: "helper", scope: null)
!38 = !DISubroutineType(types: !39)
!39 = !{!40}
!40 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!41 = distinct !DILocation(line: 15, column: 50, scope: !42, inlinedAt: !43)
!42 = distinct !DISubprogram(name: "idx", linkageName: "_ZN6helperL3idxEv", scope: !37, file: !1, line: 15, type: !38, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!43 = distinct !DILocation(line: 21, column: 16, scope: !13)
!44 = !DILocation(line: 14, column: 51, scope: !45, inlinedAt: !46)
!45 = distinct !DISubprogram(name: "bdim", linkageName: "_ZN6helperL4bdimEv", scope: !37, file: !1, line: 14, type: !38, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!46 = distinct !DILocation(line: 15, column: 58, scope: !42, inlinedAt: !43)
!47 = !DILocation(line: 15, column: 56, scope: !42, inlinedAt: !43)
!48 = !DILocation(line: 12, column: 50, scope: !49, inlinedAt: !50)
!49 = distinct !DISubprogram(name: "tid", linkageName: "_ZN6helperL3tidEv", scope: !37, file: !1, line: 12, type: !38, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!50 = distinct !DILocation(line: 15, column: 67, scope: !42, inlinedAt: !43)
!51 = !DILocation(line: 15, column: 65, scope: !42, inlinedAt: !43)
!52 = !DILocation(line: 22, column: 14, scope: !53)
!53 = distinct !DILexicalBlock(scope: !13, file: !1, line: 22, column: 7)
!54 = !{!55, !56, i64 0}
!55 = !{!"_ZTS5Shape", !56, i64 0, !56, i64 4, !56, i64 8, !56, i64 12}
!56 = !{!"int", !57, i64 0}
!57 = !{!"omnipotent char", !58, i64 0}
!58 = !{!"Simple C++ TBAA"}
!59 = !DILocation(line: 22, column: 20, scope: !53)
!60 = !{!55, !56, i64 4}
!61 = !DILocation(line: 22, column: 16, scope: !53)
!62 = !DILocation(line: 22, column: 26, scope: !53)
!63 = !{!55, !56, i64 8}
!64 = !DILocation(line: 22, column: 22, scope: !53)
!65 = !DILocation(line: 22, column: 32, scope: !53)
!66 = !{!55, !56, i64 12}
!67 = !DILocation(line: 22, column: 28, scope: !53)
!68 = !DILocation(line: 22, column: 9, scope: !53)
!69 = !DILocation(line: 22, column: 7, scope: !13)
!70 = !DILocation(line: 25, column: 14, scope: !13)
!71 = !DILocation(line: 24, column: 13, scope: !13)
!72 = !DILocation(line: 26, column: 20, scope: !13)
!73 = !DILocation(line: 25, column: 21, scope: !13)
!74 = !DILocation(line: 26, column: 27, scope: !13)
!75 = !DILocation(line: 27, column: 19, scope: !13)
!76 = !DILocation(line: 27, column: 26, scope: !13)
!77 = !DILocation(line: 27, column: 31, scope: !13)
!78 = !DILocation(line: 27, column: 37, scope: !13)
!79 = !DILocation(line: 27, column: 12, scope: !13)
!80 = !{!56, !56, i64 0}
!81 = !DILocation(line: 27, column: 42, scope: !13)
!82 = !DILocation(line: 27, column: 3, scope: !13)
!83 = !DILocation(line: 27, column: 10, scope: !13)
!84 = !DILocation(line: 28, column: 1, scope: !13)
!85 = distinct !DISubprogram(name: "clone_me_loop", scope: !1, file: !1, line: 30, type: !86, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !89)
!86 = !DISubroutineType(types: !87)
!87 = !{null, !88, !40, !40}
!88 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !40, size: 64)
!89 = !{!90, !91, !92, !93, !94}
!90 = !DILocalVariable(name: "out", arg: 1, scope: !85, file: !1, line: 30, type: !88)
!91 = !DILocalVariable(name: "n", arg: 2, scope: !85, file: !1, line: 30, type: !40)
!92 = !DILocalVariable(name: "d", arg: 3, scope: !85, file: !1, line: 30, type: !40)
!93 = !DILocalVariable(name: "acc", scope: !85, file: !1, line: 31, type: !40)
!94 = !DILocalVariable(name: "k", scope: !95, file: !1, line: 32, type: !40)
!95 = distinct !DILexicalBlock(scope: !85, file: !1, line: 32, column: 3)
!96 = !DILocation(line: 0, scope: !85)
!97 = !DILocation(line: 13, column: 50, scope: !36, inlinedAt: !98)
!98 = distinct !DILocation(line: 15, column: 50, scope: !42, inlinedAt: !99)
!99 = distinct !DILocation(line: 32, column: 21, scope: !95)
!100 = !DILocation(line: 14, column: 51, scope: !45, inlinedAt: !101)
!101 = distinct !DILocation(line: 15, column: 58, scope: !42, inlinedAt: !99)
!102 = !DILocation(line: 15, column: 56, scope: !42, inlinedAt: !99)
!103 = !DILocation(line: 12, column: 50, scope: !49, inlinedAt: !104)
!104 = distinct !DILocation(line: 15, column: 67, scope: !42, inlinedAt: !99)
!105 = !DILocation(line: 15, column: 65, scope: !42, inlinedAt: !99)
!106 = !DILocation(line: 0, scope: !95)
!107 = !DILocation(line: 32, column: 38, scope: !108)
!108 = distinct !DILexicalBlock(scope: !95, file: !1, line: 32, column: 3)
!109 = !DILocation(line: 32, column: 3, scope: !95)
!110 = !DILocation(line: 38, column: 3, scope: !85)
!111 = !DILocation(line: 38, column: 22, scope: !85)
!112 = !DILocation(line: 39, column: 1, scope: !85)
!113 = !DILocation(line: 33, column: 11, scope: !114)
!114 = distinct !DILexicalBlock(scope: !115, file: !1, line: 33, column: 9)
!115 = distinct !DILexicalBlock(scope: !108, file: !1, line: 32, column: 51)
!116 = !DILocation(line: 33, column: 15, scope: !114)
!117 = !DILocation(line: 33, column: 9, scope: !115)
!118 = !DILocation(line: 34, column: 16, scope: !114)
!119 = !DILocation(line: 34, column: 11, scope: !114)
!120 = !DILocation(line: 34, column: 7, scope: !114)
!121 = !DILocation(line: 36, column: 16, scope: !114)
!122 = !DILocation(line: 36, column: 11, scope: !114)
!123 = !DILocation(line: 0, scope: !114)
!124 = !DILocation(line: 32, column: 45, scope: !108)
!125 = distinct !{!125, !109, !126, !127}
!126 = !DILocation(line: 37, column: 3, scope: !95)
!127 = !{!"llvm.loop.mustprogress"}
