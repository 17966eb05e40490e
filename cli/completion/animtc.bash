# bash completion for animc, anim-dump and anim-import (docs/cli.md, docs/import.md).
# Installed as share/bash-completion/completions/{animc,anim-dump,anim-import}, where the
# bash-completion package loads it on first use of each command; or source it from ~/.bashrc.

# _animtc_files EXTENSIONS...: complete files with these extensions, and directories.
_animtc_files() {
  local IFS=$'\n' ext pattern="" extglob
  for ext in "$@"; do
    pattern+="${pattern:+|}*.$ext"
  done
  extglob=$(shopt -p extglob)
  shopt -s extglob
  COMPREPLY+=($(compgen -f -X "!@($pattern)" -- "$cur"))
  eval "$extglob"
  COMPREPLY+=($(compgen -d -S / -- "$cur"))
  compopt -o filenames -o nospace 2>/dev/null
}

_animtc_dirs() {
  local IFS=$'\n'
  COMPREPLY=($(compgen -d -- "$cur"))
  compopt -o filenames 2>/dev/null
}

_animtc_any_file() {
  local IFS=$'\n'
  COMPREPLY=($(compgen -f -- "$cur"))
  compopt -o filenames 2>/dev/null
}

_animtc_words() {
  COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

_animc() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  case $prev in
    -o | --output | --depfile) _animtc_any_file; return ;;
    -I | --asset-path) _animtc_dirs; return ;;
    --emit) _animtc_words "ir asm json dot"; return ;;
    --diagnostics-format) _animtc_words "text json"; return ;;
  esac
  if [[ $cur == -* ]]; then
    _animtc_words "-o --output --emit --stats --no-fold -q --quiet -v --verbose -Werror --diagnostics-format --depfile -I --asset-path --version -h --help"
    return
  fi
  COMPREPLY=()
  _animtc_files yaml yml json
}

_anim_dump() {
  local cur prev sub="" i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  local subcommands="tasks reach timeline graph dis validate run root events pose export report crowd record replay profile"
  for ((i = 1; i < COMP_CWORD; i++)); do
    case " $subcommands " in
      *" ${COMP_WORDS[i]} "*) sub=${COMP_WORDS[i]}; break ;;
    esac
  done
  if [[ -z $sub ]]; then
    if [[ $cur == -* ]]; then
      _animtc_words "-v --verbose -q --quiet --version -h --help"
    else
      _animtc_words "$subcommands"
    fi
    return
  fi

  case $prev in
    -o | --output) _animtc_any_file; return ;;
    -I | --asset-path) _animtc_dirs; return ;;
    --graph)
      COMPREPLY=()
      if [[ $sub == replay ]]; then _animtc_files yaml yml json animbc; else _animtc_files yaml yml json; fi
      return
      ;;
    --source) COMPREPLY=(); _animtc_files yaml yml json; return ;;
    -s | --scenario) COMPREPLY=(); _animtc_files yaml yml json; return ;;
    --frame | --frames | --tolerance | --count | --threads | --stagger | --invisible | --followers | --lod | --repeat)
      COMPREPLY=(); return ;;
    --final) _animtc_words "pose skinning"; return ;;
    --diagnostics-format) _animtc_words "text json"; return ;;
    -f | --format)
      case $sub in
        tasks | reach) _animtc_words "text json" ;;
        pose) _animtc_words "text json svg" ;;
        timeline) _animtc_words "text json trace svg" ;;
        graph) _animtc_words "dot" ;;
        run | events) _animtc_words "text json" ;;
        root) _animtc_words "text svg" ;;
        export) _animtc_words "glb gltf" ;;
        replay) _animtc_words "text json" ;;
        profile) _animtc_words "text json trace" ;;
      esac
      return
      ;;
  esac

  if [[ $cur == -* ]]; then
    local options="--graph -o --output -I --asset-path --diagnostics-format -v --verbose -q --quiet -h --help"
    case $sub in
      tasks | reach | graph | pose) options+=" -s --scenario --frame --frames -f --format" ;;
      timeline) options+=" -s --scenario --frame --frames -f --format --all-frames" ;;
      validate) options+=" -s --scenario --tolerance" ;;
      run) options+=" -s --scenario --frames -f --format --final" ;;
      root | events) options+=" -s --scenario --frames -f --format" ;;
      export) options+=" -s --scenario --frames -f --format --skeleton-only" ;;
      report) options+=" -s --scenario --frames" ;;
      crowd) options+=" -s --scenario --count --threads --stagger --invisible --followers --lod --frames --json" ;;
      record) options+=" -s --scenario --frames" ;;
      profile) options+=" -s --scenario --frames --repeat -f --format" ;;
      replay) options="--graph --source -o --output -I --asset-path -f --format --diagnostics-format -v --verbose -q --quiet -h --help" ;;
    esac
    _animtc_words "$options"
    return
  fi
  COMPREPLY=()
  if [[ $sub == replay ]]; then
    _animtc_files animcap json
  else
    _animtc_files yaml yml json animbc
  fi
}

_anim_import() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  case $prev in
    -o | --output) _animtc_dirs; return ;;
    --skin | --rate | --precision | --markers) COMPREPLY=(); return ;;
    --encoding) _animtc_words "compressed dense"; return ;;
    --report | --diagnostics-format) _animtc_words "text json"; return ;;
  esac
  if [[ $cur == -* ]]; then
    _animtc_words "-o --output --skin --rate --encoding --precision --markers --report --tree --diagnostics-format -q --quiet -v --verbose -Werror --version -h --help"
    return
  fi
  COMPREPLY=()
  _animtc_files glb gltf
}

complete -F _animc animc
complete -F _anim_dump anim-dump
complete -F _anim_import anim-import
