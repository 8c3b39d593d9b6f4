'''A package docstring is not a message.'''
_ = None
