import Parlance
