"""Build the Cython extensions in engine_cy/ (metadata lives in pyproject.toml).

Every ``engine_cy/*.pyx`` becomes ``engine_cy.<name>``, compiled as C++ with
release flags.  Generated sources go to build/cython, never into the package.
Set TSUMEGO_DEBUG=1 for bounds checks and debug symbols.
"""

import glob
import os
import shutil
import sys

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    """In-place builds swap each module file atomically instead of writing over it.

    A running process (a long benchmark, the app) keeps its mapping of the old
    file, and a process starting meanwhile finds either the old or the new one.
    """

    def copy_file(self, infile, outfile, *args, **kwargs):
        if not self.inplace:
            return super().copy_file(infile, outfile, *args, **kwargs)
        tmp = f"{outfile}.tmp{os.getpid()}"
        shutil.copyfile(infile, tmp)
        os.replace(tmp, outfile)
        return outfile, True


DEBUG = os.environ.get("TSUMEGO_DEBUG") == "1"

if sys.platform == "win32":
    cflags = ["/O2", "/std:c++17"]
else:
    cflags = ["-O3", "-std=c++17"] + (["-g", "-O0"] if DEBUG else ["-g0"])

extensions = [
    Extension(
        f"engine_cy.{os.path.splitext(os.path.basename(path))[0]}",
        [path],
        language="c++",
        include_dirs=[np.get_include()],
        extra_compile_args=cflags,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for path in sorted(glob.glob("engine_cy/*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        build_dir="build/cython",
        nthreads=os.cpu_count() or 1,
        compiler_directives={
            "boundscheck": DEBUG,
            "wraparound": False,
            "initializedcheck": DEBUG,
            "cdivision": True,
        },
    ),
    cmdclass={"build_ext": BuildExt},
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
