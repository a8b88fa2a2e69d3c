"""Cove's matplotlib backend, installed as ``_cove_mpl_backend`` (MPLBACKEND points here).

Figures render with Agg, which needs no DOM (Pyodide's default backend draws on a page
canvas a worker does not have). ``plt.show()`` hands every open figure to the run's output
as a PNG and closes it; figures still open when the run ends are handed over the same way.
"""

from matplotlib.backend_bases import FigureManagerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

FigureCanvas = FigureCanvasAgg
FigureManager = FigureManagerBase


def show(*args, **kwargs):
    import _cove_runner

    _cove_runner.capture_figures()
