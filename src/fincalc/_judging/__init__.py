"""Judging: one answer against its expected value (``check_answer``, ``check_quantities``).

The judge reads an answer text with the parser, chooses the figures it states
as its answer (the concluding figure, not the working), interprets them
(direction and loss words, the question's unit) and decides whether one is
the expected value within a tolerance; or it finds the answer refuses.  It
knows nothing of gold files, reports or metrics: the scoring stage above
(``_scoring``) calls it once per case.  Word lists come from
``_data/answers.toml``.

Modules, bottom to top (each imports only modules listed before it):

- ``answer_words``: the word lists of ``_data/answers.toml``, by key.
- ``kinds``: what the judge knows of a dimension (known, comparable, derived).
- ``direction``: candidate values signed by direction and loss words.
- ``question_unit``: the unit a question asks its answer in.
- ``sentences``: sentences, clauses and asides of an answer, as offsets.
- ``tolerance``: tolerances and precision-aware targets.
- ``latex``: LaTeX read as the plain text it typesets, mapped back.
- ``citations``: the citation format and the ids an answer cites.
- ``cues``: the cue words of an answer (conclusions, refusals, …), one pass.
- ``working``: what in an answer is working (explanations, operands), not answer.
- ``extraction``: the amounts of an answer, read with the parser.
- ``precision``: the gold as written, with its precision.
- ``refusals``: refusal phrases and the text each governs.
- ``faithfulness``: the figures of an answer its documents do not support.
- ``selection``: final-answer selection, which figures are the answer.
- ``matching``: the verdict, which candidate is the expected value.
- ``answers``: ``check_answer`` and ``check_quantities``, the judge itself.
"""
