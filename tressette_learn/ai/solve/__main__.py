"""``python -m tressette_learn.ai.solve --workers N`` runs the solver service
(:func:`tressette_learn.ai.solve.service.main`); :meth:`SolverService.start` starts it so."""

from .service import main

main()
