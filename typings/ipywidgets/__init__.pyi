# Partial type stubs for ipywidgets 8 (it ships no types): the classes, traits and methods the tutor
# uses, typed as ipywidgets documents them. Anything not declared here reads as ``Incomplete`` (the
# typeshed convention for partial stubs); assigning an undeclared attribute is an error, as it should
# be: a widget's state is its declared traits. Extend this file when widgets/ uses more of ipywidgets.

from collections.abc import Callable, Sequence
from typing import Any, Literal, Self

from _typeshed import Incomplete
from traitlets import HasTraits

def __getattr__(name: str) -> Incomplete: ...

class Widget(HasTraits):
    model_id: str
    comm: Incomplete
    keys: list[str]
    def __init__(self, **kwargs: Any) -> None: ...
    def close(self) -> None: ...
    def __getattr__(self, name: str) -> Incomplete: ...

class Layout(Widget):
    display: str | None
    width: str | None
    height: str | None
    visibility: str | None

class _Style(Widget):
    # each widget's style has its own traits (button_width, description_width, text_color...)
    def __setattr__(self, name: str, value: object) -> None: ...

class DOMWidget(Widget):
    layout: Layout
    tooltip: str | None
    def add_class(self, className: str) -> Self: ...
    def remove_class(self, className: str) -> Self: ...

class Box(DOMWidget):
    children: tuple[Widget, ...]
    def __init__(self, children: Sequence[Widget] = (), **kwargs: Any) -> None: ...

class VBox(Box): ...
class HBox(Box): ...

class _Selection(Box):
    titles: tuple[str | None, ...]
    selected_index: int | None

class Accordion(_Selection): ...
class Tab(_Selection): ...

class _Described(DOMWidget):
    description: str
    disabled: bool
    style: _Style

class HTML(_Described):
    value: str
    def __init__(self, value: str = "", **kwargs: Any) -> None: ...

class Text(_Described):
    value: str
    placeholder: str
    def __init__(self, value: str = "", **kwargs: Any) -> None: ...
    def on_submit(self, callback: Callable[[Text], object], remove: bool = False) -> None: ...

class Textarea(Text): ...

class Checkbox(_Described):
    value: bool
    def __init__(self, value: bool = False, **kwargs: Any) -> None: ...

class IntText(_Described):
    value: int
    def __init__(self, value: int = 0, **kwargs: Any) -> None: ...

class BoundedIntText(IntText):
    min: int
    max: int

class IntSlider(BoundedIntText): ...

class Button(_Described):
    icon: str
    button_style: Literal["primary", "success", "info", "warning", "danger", ""]
    def __init__(self, **kwargs: Any) -> None: ...
    def on_click(self, callback: Callable[[Button], object], remove: bool = False) -> None: ...
    def click(self) -> None: ...

class _SelectionWidget(_Described):
    # a selection's value is whichever Python object its option carries
    value: Any
    index: int | None
    label: str | None
    options: Sequence[Any]

class Dropdown(_SelectionWidget): ...
class RadioButtons(_SelectionWidget): ...

class ToggleButtons(_SelectionWidget):
    tooltips: Sequence[str]

class FileUpload(_Described):
    value: tuple[dict[str, Any], ...]
    accept: str
    multiple: bool
