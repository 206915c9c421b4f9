"""Adapters that plug fincalc into the frameworks RAG teams already use.

Each module is a thin layer over fincalc's public API (``evaluate``,
``resolve_all``, the operations, ``render``) and needs its framework,
installed with the matching extra; ``import fincalc`` never imports them.

- ``fincalc.integrations.inspect_ai``: an inspect_ai scorer, also found by
  entry point as ``fincalc/numeric_answer`` (extra ``inspect``);
- ``fincalc.integrations.ragas``: a Ragas metric for ``ragas.evaluate`` (``ragas``);
- ``fincalc.integrations.deepeval``: a deepeval ``BaseMetric`` (``deepeval``);
- ``fincalc.integrations.langchain``: a LangChain tool with the ``Computation``
  as its artifact (``langchain``);
- ``fincalc.integrations.llama_index``: a LlamaIndex tool with the
  ``Computation`` as its raw output (``llamaindex``);
- ``fincalc.integrations.instructor``: response models that make instructor
  re-ask the model with fincalc's reasons (``instructor``);
- ``fincalc.integrations.dask``: ``evaluate`` and ``resolve_all`` over Dask
  bags, with results identical to one process (``dask``; docs/scaling.md).

See docs/integrations.md.
"""
