"""`python -m settlers ...`: the same as the `settlers` command."""

from settlers.cli import main

if __name__ == "__main__":
    main()
