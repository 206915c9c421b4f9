"""Time evaluate() in one call against evaluate_in_slices, the path `fincalc eval` takes when it shows a progress bar.

Usage: python tools/cli/eval_slices.py [REPEATS]   (the bundled sample repeated; 300 -> 10,800 cases)
"""
import sys, time
from fincalc import evaluate
from fincalc._scoring.batch import evaluate_in_slices
from fincalc._scoring.inputs import load_sample
class Null:
    def update(self, n): pass
sample = load_sample()
reps = int(sys.argv[1]) if len(sys.argv) > 1 else 300
name, preds = next(iter(sample.runs.items()))
gold = [g.model_copy(update={"qid": f"{g.qid}-{i}"}) for i in range(reps) for g in sample.gold]
pr = [p.model_copy(update={"qid": f"{p.qid}-{i}"}) for i in range(reps) for p in preds]
for label, fn in [("one call", lambda: evaluate(pr, gold)), ("slices", lambda: evaluate_in_slices(evaluate, pr, gold, Null()))]*3:
    t = time.perf_counter(); r = fn(); dt = time.perf_counter() - t
    print(f"{label:9s} {len(gold)} cases {dt:.2f} s")
