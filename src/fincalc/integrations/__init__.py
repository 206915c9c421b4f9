"""Adapters that plug fincalc into the frameworks RAG teams already use.

Each module is a thin layer over fincalc's public API (``evaluate``,
``resolve_all``, the operations, ``render``) and needs its framework,
installed with the matching extra; ``import fincalc`` never imports them.

| module | framework | extra |
|---|---|---|
| ``fincalc.integrations.inspect_ai`` | inspect_ai scorer (also found by entry point) | ``fincalc[inspect]`` |
| ``fincalc.integrations.ragas`` | Ragas metric for ``ragas.evaluate`` | ``fincalc[ragas]`` |
| ``fincalc.integrations.deepeval`` | deepeval ``BaseMetric`` | ``fincalc[deepeval]`` |
| ``fincalc.integrations.langchain`` | LangChain tool with the ``Computation`` as artifact | ``fincalc[langchain]`` |
| ``fincalc.integrations.llama_index`` | LlamaIndex tool with the ``Computation`` as raw output | ``fincalc[llamaindex]`` |
| ``fincalc.integrations.instructor`` | response models that make instructor re-ask | ``fincalc[instructor]`` |

See docs/integrations.md.
"""
