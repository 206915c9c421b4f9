"""Evaluating: answers, records, scoring, reports, retrieval, faithfulness."""
