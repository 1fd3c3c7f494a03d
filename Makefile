# The two commands: `make serve` and `make test` (and `make bench` for the figures; `make
# site` for the folder to put on a course site, with its SCORM packages; `make scorm` for one
# more package; `make size` for where the first visit's bytes are). Each installs what is
# missing first.
.PHONY: setup serve build site scorm test bench size

setup:
	bash scripts/setup.sh

serve: setup
	. scripts/env.sh && trunk serve --release --address 127.0.0.1 --port 8080

build: setup
	. scripts/env.sh && trunk build --release --offline

# The finished site in site/, to copy as it is to any path of any static host. A copy, so
# that `make serve` and `make test`, which build into dist/ again, leave it alone.
site: build
	rm -rf site
	cp -R dist site
	node scripts/scorm.mjs dist site/scorm
	@echo "site/ is ready: copy its contents to a folder of your web host"
	@echo "site/scorm/ holds a SCORM 1.2 package per assignment, to upload to a course (docs/scorm.md)"

# One SCORM 1.2 package from any link the page accepts, plus mastery= (0 to 100):
# make scorm ASSIGN="practice=7&practice_kinds=place,predict,size&mastery=80" NAME=week-3
NAME ?= assignment
scorm: build
	node scripts/scorm.mjs dist site/scorm --assign "$(ASSIGN)" --name "$(NAME)"

test: setup
	bash scripts/test.sh

bench: setup
	bash scripts/bench.sh

# The first visit's largest modules and functions, and what changed since the last commit
# (or since REV: `make size REV=main~3`; docs/size.md).
size: setup
	bash scripts/size.sh $(REV)
