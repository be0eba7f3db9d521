// md_bridge.cpp -- the only C++ in magicdiv.
//
// What the LLVM C API cannot do, and nothing else:
//   * register the pass with the new pass manager (LLVM 19..22):
//       opt:   -load-pass-plugin=MagicDiv.so -passes='magicdiv<params>'
//       clang: -fpass-plugin=MagicDiv.so  (runs at OptimizerLast, in device
//              and host compiles alike; options from $MAGICDIV_OPTIONS)
//   * turn pass parameters into the C md_options struct (parsing is in C),
//   * emit optimization remarks (-Rpass*=magicdiv, -pass-remarks*=magicdiv,
//     -fsave-optimization-record),
//   * move a function to the end of its module (support/md_fnorder.h).
// The pass itself is md_pass_run_module() in md_pass.c.

#include "md_pass.h"
#include "support/md_asm_query.h"
#include "support/md_fnorder.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#include <cstdlib>
#include <string>

using namespace llvm;

namespace {

constexpr const char *PassName = "magicdiv";

// The pass.  Options that failed to parse are not a crash: the pass
// reports them as one error diagnostic when it runs (clang and opt then
// print "error: ..." and exit with status 1) and changes nothing.
struct MagicDivPass : PassInfoMixin<MagicDivPass> {
  md_options Opts;
  std::string Error; // non-empty: the options were invalid
  explicit MagicDivPass(const md_options &O) : Opts(O) {}
  explicit MagicDivPass(std::string E) : Error(std::move(E)) {
    md_options_default(&Opts);
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!Error.empty()) {
      M.getContext().emitError(Error);
      return PreservedAnalyses::all();
    }
    return md_pass_run_module(wrap(&M), &Opts) ? PreservedAnalyses::none()
                                          : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

Expected<md_options> parseOptions(StringRef Params) {
  md_options O;
  md_options_default(&O);
  char Err[512] = {0};
  std::string P = Params.str();
  if (md_options_parse(P.c_str(), &O, Err, sizeof Err) != 0)
    return make_error<StringError>(Err, inconvertibleErrorCode());
  return O;
}

// The pass for -fpass-plugin: defaults, then $MAGICDIV_OPTIONS.
MagicDivPass envPass() {
  const char *Env = std::getenv("MAGICDIV_OPTIONS");
  Expected<md_options> O = parseOptions(Env ? Env : "");
  if (!O)
    return MagicDivPass("magicdiv: invalid MAGICDIV_OPTIONS: " +
                        toString(O.takeError()));
  return MagicDivPass(*O);
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name, PassName))
          return false;
        auto O = PassBuilder::parsePassParameters(parseOptions, Name, PassName);
        if (!O)
          MPM.addPass(MagicDivPass("magicdiv: invalid pass parameter: " +
                                   toString(O.takeError())));
        else
          MPM.addPass(MagicDivPass(*O));
        return true;
      });
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(envPass());
      });
#else
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(envPass());
      });
#endif
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "MagicDiv", "0.1.0", registerCallbacks};
}

// ---- remarks ----

namespace {

// md_remark's sink (support/md_remark.h), set when the plugin is loaded.
void bridgeRemark(md_remark_kind Kind, LLVMValueRef Where, const char *Name,
                  const char *Msg) {
  if (md_remark_muted())
    return;
  Value *V = unwrap(Where);
  const Function *F = nullptr;
  const Instruction *I = dyn_cast_or_null<Instruction>(V);
  if (I)
    F = I->getFunction();
  else
    F = dyn_cast_or_null<Function>(V);
  if (!F)
    return;
  LLVMContext &Ctx = F->getContext();
  // Cheap exit when nobody listens for this kind.
  const DiagnosticHandler *DH = Ctx.getDiagHandlerPtr();
  bool Wanted = Ctx.getLLVMRemarkStreamer() != nullptr;
  if (!Wanted && DH) {
    switch (Kind) {
    case MD_REMARK_PASSED:
      Wanted = DH->isPassedOptRemarkEnabled(PassName);
      break;
    case MD_REMARK_MISSED:
      Wanted = DH->isMissedOptRemarkEnabled(PassName);
      break;
    default:
      Wanted = DH->isAnalysisRemarkEnabled(PassName);
      break;
    }
  }
  if (!Wanted)
    return;
  OptimizationRemarkEmitter ORE(F);
  switch (Kind) {
  case MD_REMARK_PASSED:
    if (I)
      ORE.emit(OptimizationRemark(PassName, Name, I) << Msg);
    else
      ORE.emit(OptimizationRemark(PassName, Name, F) << Msg);
    break;
  case MD_REMARK_MISSED:
    if (I)
      ORE.emit(OptimizationRemarkMissed(PassName, Name, I) << Msg);
    else
      ORE.emit(OptimizationRemarkMissed(PassName, Name, F) << Msg);
    break;
  default:
    if (I)
      ORE.emit(OptimizationRemarkAnalysis(PassName, Name, I) << Msg);
    else
      ORE.emit(OptimizationRemarkAnalysis(PassName, Name, F) << Msg);
    break;
  }
}

// Every remark of the pass goes to bridgeRemark, from the moment the
// plugin is loaded (before any pass runs).
const bool RemarkSinkSet = (md_remark_set_sink(bridgeRemark), true);

// md_fnorder's mover (support/md_fnorder.h): F to the end of its module's
// function list, which LLVM-C cannot do.
void bridgeMoveToEnd(LLVMValueRef F) {
  Function *Fn = cast<Function>(unwrap(F));
  Module::FunctionListType &L = Fn->getParent()->getFunctionList();
  L.splice(L.end(), L, Fn->getIterator());
}

const bool FnMoverSet = (md_fnorder_set_mover(bridgeMoveToEnd), true);

// md_asm_query (support/md_asm_query.h): does the target of Triple have an
// assembler parser registered in this process (clang, opt: yes; flang:
// no), so that module-level assembly can become object code?
int bridgeCanAssemble(const char *Triple) {
  std::string Err;
#if LLVM_VERSION_MAJOR >= 22
  const Target *T = TargetRegistry::lookupTarget(llvm::Triple(Triple), Err);
#else
  const Target *T = TargetRegistry::lookupTarget(Triple, Err);
#endif
  return T && T->hasMCAsmParser();
}

const bool AsmQuerySet = (md_asm_query_set(bridgeCanAssemble), true);

} // namespace
