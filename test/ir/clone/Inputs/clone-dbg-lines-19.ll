; ModuleID = 'clone-dbg.cu'
source_filename = "clone-dbg.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @clone_me_reshape(ptr nocapture noundef writeonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly byval(%struct.Shape) align 4 %2) local_unnamed_addr #0 !dbg !10 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !13
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !18
  %6 = mul i32 %4, %5, !dbg !21
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !22
  %8 = add i32 %6, %7, !dbg !25
  %9 = load i32, ptr %2, align 4, !dbg !26, !tbaa !27
  %10 = getelementptr inbounds i8, ptr %2, i64 4, !dbg !32
  %11 = load i32, ptr %10, align 4, !dbg !32, !tbaa !33
  %12 = mul nsw i32 %11, %9, !dbg !34
  %13 = getelementptr inbounds i8, ptr %2, i64 8, !dbg !35
  %14 = load i32, ptr %13, align 4, !dbg !35, !tbaa !36
  %15 = mul nsw i32 %12, %14, !dbg !37
  %16 = getelementptr inbounds i8, ptr %2, i64 12, !dbg !38
  %17 = load i32, ptr %16, align 4, !dbg !38, !tbaa !39
  %18 = mul nsw i32 %15, %17, !dbg !40
  %19 = icmp slt i32 %8, %18, !dbg !41
  br i1 %19, label %20, label %40, !dbg !42

20:                                               ; preds = %3
  %21 = freeze i32 %17, !dbg !43
  %22 = sdiv i32 %8, %21, !dbg !43
  %23 = mul i32 %22, %21, !dbg !44
  %24 = sub i32 %8, %23, !dbg !44
  %25 = freeze i32 %14, !dbg !45
  %26 = sdiv i32 %22, %25, !dbg !45
  %27 = mul i32 %26, %25, !dbg !46
  %28 = sub i32 %22, %27, !dbg !46
  %29 = srem i32 %26, %11, !dbg !47
  %30 = mul nsw i32 %29, %14, !dbg !48
  %31 = add nsw i32 %30, %28, !dbg !49
  %32 = mul nsw i32 %31, %17, !dbg !50
  %33 = add nsw i32 %32, %24, !dbg !51
  %34 = sext i32 %33 to i64, !dbg !52
  %35 = getelementptr inbounds i32, ptr %1, i64 %34, !dbg !52
  %36 = load i32, ptr %35, align 4, !dbg !52, !tbaa !53
  %37 = add nsw i32 %36, %29, !dbg !54
  %38 = sext i32 %8 to i64, !dbg !55
  %39 = getelementptr inbounds i32, ptr %0, i64 %38, !dbg !55
  store i32 %37, ptr %39, align 4, !dbg !56, !tbaa !53
  br label %40, !dbg !57

40:                                               ; preds = %3, %20
  ret void, !dbg !57
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: write)
define dso_local void @clone_me_loop(ptr nocapture noundef writeonly %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #1 !dbg !58 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !59
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !62
  %6 = mul i32 %4, %5, !dbg !64
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !65
  %8 = add i32 %6, %7, !dbg !67
  %9 = icmp ult i32 %8, %1, !dbg !68
  br i1 %9, label %14, label %10, !dbg !69

10:                                               ; preds = %25, %3
  %11 = phi i32 [ 0, %3 ], [ %26, %25 ], !dbg !70
  %12 = zext i32 %8 to i64, !dbg !71
  %13 = getelementptr inbounds i32, ptr %0, i64 %12, !dbg !71
  store i32 %11, ptr %13, align 4, !dbg !72, !tbaa !53
  ret void, !dbg !73

14:                                               ; preds = %3, %25
  %15 = phi i32 [ %27, %25 ], [ %8, %3 ]
  %16 = phi i32 [ %26, %25 ], [ 0, %3 ]
  %17 = urem i32 %15, 3, !dbg !74
  %18 = icmp eq i32 %17, 0, !dbg !75
  br i1 %18, label %19, label %22, !dbg !76

19:                                               ; preds = %14
  %20 = udiv i32 %15, %2, !dbg !77
  %21 = add i32 %20, %16, !dbg !78
  br label %25, !dbg !79

22:                                               ; preds = %14
  %23 = urem i32 %15, %2, !dbg !80
  %24 = xor i32 %23, %16, !dbg !81
  br label %25

25:                                               ; preds = %19, %22
  %26 = phi i32 [ %21, %19 ], [ %24, %22 ], !dbg !70
  %27 = add i32 %15, 7, !dbg !82
  %28 = icmp ult i32 %27, %1, !dbg !68
  br i1 %28, label %14, label %10, !dbg !69, !llvm.loop !83
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
!nvvm.annotations = !{!2, !3}
!llvm.module.flags = !{!4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "clone-dbg.cu", directory: ".")
!2 = !{ptr @clone_me_reshape, !"kernel", i32 1}
!3 = !{ptr @clone_me_loop, !"kernel", i32 1}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "clone_me_reshape", scope: !1, file: !1, line: 20, type: !11, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{}
!13 = !DILocation(line: 13, column: 50, scope: !14, inlinedAt: !15)
!14 = distinct !DISubprogram(name: "bid", scope: !1, file: !1, line: 13, type: !11, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!15 = distinct !DILocation(line: 15, column: 50, scope: !16, inlinedAt: !17)
!16 = distinct !DISubprogram(name: "idx", scope: !1, file: !1, line: 15, type: !11, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!17 = distinct !DILocation(line: 21, column: 16, scope: !10)
!18 = !DILocation(line: 14, column: 51, scope: !19, inlinedAt: !20)
!19 = distinct !DISubprogram(name: "bdim", scope: !1, file: !1, line: 14, type: !11, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!20 = distinct !DILocation(line: 15, column: 58, scope: !16, inlinedAt: !17)
!21 = !DILocation(line: 15, column: 56, scope: !16, inlinedAt: !17)
!22 = !DILocation(line: 12, column: 50, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "tid", scope: !1, file: !1, line: 12, type: !11, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!24 = distinct !DILocation(line: 15, column: 67, scope: !16, inlinedAt: !17)
!25 = !DILocation(line: 15, column: 65, scope: !16, inlinedAt: !17)
!26 = !DILocation(line: 22, column: 14, scope: !10)
!27 = !{!28, !29, i64 0}
!28 = !{!"_ZTS5Shape", !29, i64 0, !29, i64 4, !29, i64 8, !29, i64 12}
!29 = !{!"int", !30, i64 0}
!30 = !{!"omnipotent char", !31, i64 0}
!31 = !{!"Simple C++ TBAA"}
!32 = !DILocation(line: 22, column: 20, scope: !10)
!33 = !{!28, !29, i64 4}
!34 = !DILocation(line: 22, column: 16, scope: !10)
!35 = !DILocation(line: 22, column: 26, scope: !10)
!36 = !{!28, !29, i64 8}
!37 = !DILocation(line: 22, column: 22, scope: !10)
!38 = !DILocation(line: 22, column: 32, scope: !10)
!39 = !{!28, !29, i64 12}
!40 = !DILocation(line: 22, column: 28, scope: !10)
!41 = !DILocation(line: 22, column: 9, scope: !10)
!42 = !DILocation(line: 22, column: 7, scope: !10)
!43 = !DILocation(line: 25, column: 14, scope: !10)
!44 = !DILocation(line: 24, column: 13, scope: !10)
!45 = !DILocation(line: 26, column: 20, scope: !10)
!46 = !DILocation(line: 25, column: 21, scope: !10)
!47 = !DILocation(line: 26, column: 27, scope: !10)
!48 = !DILocation(line: 27, column: 19, scope: !10)
!49 = !DILocation(line: 27, column: 26, scope: !10)
!50 = !DILocation(line: 27, column: 31, scope: !10)
!51 = !DILocation(line: 27, column: 37, scope: !10)
!52 = !DILocation(line: 27, column: 12, scope: !10)
!53 = !{!29, !29, i64 0}
!54 = !DILocation(line: 27, column: 42, scope: !10)
!55 = !DILocation(line: 27, column: 3, scope: !10)
!56 = !DILocation(line: 27, column: 10, scope: !10)
!57 = !DILocation(line: 28, column: 1, scope: !10)
!58 = distinct !DISubprogram(name: "clone_me_loop", scope: !1, file: !1, line: 30, type: !11, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!59 = !DILocation(line: 13, column: 50, scope: !14, inlinedAt: !60)
!60 = distinct !DILocation(line: 15, column: 50, scope: !16, inlinedAt: !61)
!61 = distinct !DILocation(line: 32, column: 21, scope: !58)
!62 = !DILocation(line: 14, column: 51, scope: !19, inlinedAt: !63)
!63 = distinct !DILocation(line: 15, column: 58, scope: !16, inlinedAt: !61)
!64 = !DILocation(line: 15, column: 56, scope: !16, inlinedAt: !61)
!65 = !DILocation(line: 12, column: 50, scope: !23, inlinedAt: !66)
!66 = distinct !DILocation(line: 15, column: 67, scope: !16, inlinedAt: !61)
!67 = !DILocation(line: 15, column: 65, scope: !16, inlinedAt: !61)
!68 = !DILocation(line: 32, column: 38, scope: !58)
!69 = !DILocation(line: 32, column: 3, scope: !58)
!70 = !DILocation(line: 0, scope: !58)
!71 = !DILocation(line: 38, column: 3, scope: !58)
!72 = !DILocation(line: 38, column: 22, scope: !58)
!73 = !DILocation(line: 39, column: 1, scope: !58)
!74 = !DILocation(line: 33, column: 11, scope: !58)
!75 = !DILocation(line: 33, column: 15, scope: !58)
!76 = !DILocation(line: 33, column: 9, scope: !58)
!77 = !DILocation(line: 34, column: 16, scope: !58)
!78 = !DILocation(line: 34, column: 11, scope: !58)
!79 = !DILocation(line: 34, column: 7, scope: !58)
!80 = !DILocation(line: 36, column: 16, scope: !58)
!81 = !DILocation(line: 36, column: 11, scope: !58)
!82 = !DILocation(line: 32, column: 45, scope: !58)
!83 = distinct !{!83, !69, !84, !85}
!84 = !DILocation(line: 37, column: 3, scope: !58)
!85 = !{!"llvm.loop.mustprogress"}
