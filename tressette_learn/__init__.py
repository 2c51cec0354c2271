"""tressette_learn: learn the Italian card game Tressette with Jupyter and Voila lessons."""
